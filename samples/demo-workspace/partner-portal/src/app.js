const express = require('express');
const session = require('express-session');
const orders = require('./routes/orders');
const carts = require('./routes/carts');
const users = require('./routes/users');
const sessions = require('./routes/sessions');

const app = express();
app.use(express.json());
app.use(session({ secret: process.env.SESSION_SECRET, resave: false, saveUninitialized: false }));

app.use('/orders', orders);
app.use('/carts', carts);
app.use('/users', users);
app.use('/sessions', sessions);

app.listen(process.env.PORT ?? 3000);
