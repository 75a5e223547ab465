const express = require('express');
const db = require('../db');

const router = express.Router();

router.get('/:id', async (req, res) => {
  const user = await db.users.find(req.params.id);
  if (!user) return res.sendStatus(404);
  res.json({ id: user.id, name: user.name, company: user.company });
});

module.exports = router;
