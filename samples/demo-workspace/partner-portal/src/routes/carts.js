const express = require('express');
const db = require('../db');

const router = express.Router();

router.put('/:id', async (req, res) => {
  const cart = await db.carts.replaceLines(req.params.id, req.body.lines);
  res.json(cart);
});

module.exports = router;
