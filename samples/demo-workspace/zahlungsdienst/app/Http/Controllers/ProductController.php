<?php

namespace App\Http\Controllers;

use App\Models\Product;

class ProductController extends Controller
{
    public function index()
    {
        return Product::where('active', true)->orderBy('name')->paginate(48);
    }
}
