class OrdersController < ApplicationController
  def index
    @orders = current_user.orders.order(created_at: :desc).page(params[:page])
  end

  def show
    @order = current_user.orders.includes(:line_items).find(params[:id])
  end

  def create
    @order = current_user.orders.build(order_params)
    if @order.save
      InvoiceReminderJob.set(wait: 7.days).perform_later(@order.id)
      redirect_to @order, notice: "Order placed."
    else
      render :new, status: :unprocessable_entity
    end
  end

  private

  def order_params
    params.require(:order).permit(:cart_id, :shipping_address_id)
  end
end
