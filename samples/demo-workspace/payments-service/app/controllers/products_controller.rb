class ProductsController < ApplicationController
  skip_before_action :require_login

  def index
    @products = Product.in_stock.order(:name).page(params[:page])
  end

  def show
    @product = Product.includes(:reviews, :variants).find(params[:id])
  end
end
