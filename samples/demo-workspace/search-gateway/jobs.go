package main

import (
	"time"

	"github.com/newrelic/go-agent/v3/newrelic"
)

// reindexEvery runs the background transactions OtherTransaction/Go/search_reindex and …/invoice_reminder.
func reindexEvery(app *newrelic.Application, b *backend) {
	for range time.Tick(15 * time.Minute) {
		txn := app.StartTransaction("search_reindex")
		b.reindex(newrelic.NewContext(txn.Context(), txn))
		txn.End()
	}
}

func invoiceReminder(app *newrelic.Application, b *backend) {
	txn := app.StartTransaction("invoice_reminder")
	defer txn.End()
	b.remindOverdueInvoices(newrelic.NewContext(txn.Context(), txn))
}
