<?php

namespace App\Http\Controllers;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;

class SessionController extends Controller
{
    public function create(Request $request)
    {
        $credentials = $request->validate(['email' => 'required|email', 'password' => 'required']);
        if (!Auth::attempt($credentials)) {
            return response()->json(['message' => 'Wrong email or password.'], 401);
        }
        $request->session()->regenerate();

        return response()->noContent();
    }
}
