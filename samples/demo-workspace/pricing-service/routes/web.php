<?php

use App\Http\Controllers\CartController;
use App\Http\Controllers\OrderController;
use Illuminate\Support\Facades\Route;

// Routes without ->name(): the agent names each transaction after its controller action,
// e.g. WebTransaction/Action/App\Http\Controllers\OrderController@show.
Route::middleware('auth')->group(function () {
    Route::get('/orders', [OrderController::class, 'index']);
    Route::post('/orders', [OrderController::class, 'create']);
    Route::get('/orders/{id}', [OrderController::class, 'show']);
    Route::put('/carts/{id}', [CartController::class, 'update']);
});
