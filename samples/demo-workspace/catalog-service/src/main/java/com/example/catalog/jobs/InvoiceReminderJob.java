package com.example.catalog.jobs;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import com.example.catalog.orders.OrderService;
import com.newrelic.api.agent.Trace;

@Component
public class InvoiceReminderJob {
    private final OrderService orders;

    public InvoiceReminderJob(OrderService orders) {
        this.orders = orders;
    }

    @Scheduled(cron = "0 0 8 * * *")
    @Trace(dispatcher = true)
    public void run() {
        orders.unpaidOlderThanDays(7).forEach(orders::sendReminder);
    }
}
