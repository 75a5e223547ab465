class CartsController < ApplicationController
  def update
    cart = current_user.carts.find(params[:id])
    if cart.update(cart_params)
      render json: cart
    else
      render json: cart.errors, status: :unprocessable_entity
    end
  end

  private

  def cart_params
    params.require(:cart).permit(line_items_attributes: %i[id product_id quantity _destroy])
  end
end
