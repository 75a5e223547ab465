const express = require('express');
const { verifyPartner } = require('../auth');

const router = express.Router();

router.post('/', async (req, res) => {
  const partner = await verifyPartner(req.body.email, req.body.password);
  if (!partner) return res.sendStatus(401);
  req.session.partnerId = partner.id;
  res.sendStatus(204);
});

module.exports = router;
