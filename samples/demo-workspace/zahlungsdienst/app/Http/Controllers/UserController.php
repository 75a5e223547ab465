<?php

namespace App\Http\Controllers;

use App\Models\User;

class UserController extends Controller
{
    public function show(int $id)
    {
        return User::select(['id', 'name', 'company'])->findOrFail($id);
    }
}
