<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;

class CartController extends Controller
{
    public function update(Request $request, int $id)
    {
        $cart = $request->user()->carts()->findOrFail($id);
        $cart->replaceLines($request->validate(['lines' => 'array'])['lines']);

        return $cart;
    }
}
