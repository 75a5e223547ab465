class SearchController < ApplicationController
  skip_before_action :require_login

  def query
    @results = Product.search(params[:q], page: params[:page], per_page: 24)
  end
end
