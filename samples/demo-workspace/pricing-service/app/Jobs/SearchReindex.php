<?php

namespace App\Jobs;

use App\Models\Product;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Queue\Queueable;

class SearchReindex implements ShouldQueue
{
    use Queueable;

    public function handle(): void
    {
        Product::where('updated_at', '>', now()->subMinutes(15))->searchable();
    }
}
