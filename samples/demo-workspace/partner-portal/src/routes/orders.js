const express = require('express');
const db = require('../db');

const router = express.Router();

router.get('/', async (req, res) => {
  const orders = await db.orders.forPartner(req.session.partnerId, { limit: 50 });
  res.json(orders);
});

router.get('/:id', async (req, res) => {
  const order = await db.orders.find(req.params.id, req.session.partnerId);
  if (!order) return res.sendStatus(404);
  res.json(order);
});

router.post('/', async (req, res) => {
  const order = await db.orders.create({ ...req.body, partnerId: req.session.partnerId });
  res.status(201).json(order);
});

module.exports = router;
