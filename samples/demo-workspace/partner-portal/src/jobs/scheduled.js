const newrelic = require('newrelic');
const db = require('../db');

// Background transactions: OtherTransaction/Nodejs/invoice-reminder and …/search-reindex.
function every(minutes, name, work) {
  setInterval(() => newrelic.startBackgroundTransaction(name, work), minutes * 60_000);
}

every(60, 'invoice-reminder', () => db.invoices.remindOverdue());
every(15, 'search-reindex', () => db.orders.reindexChanged());
