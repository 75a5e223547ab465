<?php

namespace App\Http\Controllers;

use App\Models\Order;
use App\Services\PaymentGateway;
use Illuminate\Http\Request;

class OrderController extends Controller
{
    public function index(Request $request)
    {
        return $request->user()->orders()->latest()->paginate(50);
    }

    public function show(Request $request, int $id)
    {
        return $request->user()->orders()->with('payments')->findOrFail($id);
    }

    public function create(Request $request, PaymentGateway $payments)
    {
        $data = $request->validate(['cart_id' => 'required|integer', 'iban' => 'required|string|max:34']);
        $order = Order::fromCart($request->user(), $data['cart_id']);
        $payments->debit($order, $data['iban']);

        return response()->json($order, 201);
    }
}
