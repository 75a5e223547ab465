class InvoiceReminderJob < ApplicationJob
  queue_as :mailers

  def perform(order_id)
    order = Order.find(order_id)
    InvoiceMailer.reminder(order).deliver_now unless order.paid?
  end
end
