<?php

namespace App\Jobs;

use App\Models\Order;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Queue\Queueable;

class InvoiceReminder implements ShouldQueue
{
    use Queueable;

    public function handle(): void
    {
        Order::unpaidForDays(7)->each->sendReminder();
    }
}
