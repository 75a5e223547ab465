class SessionsController < ApplicationController
  skip_before_action :require_login

  def create
    user = User.find_by(email: params[:email])
    if user&.authenticate(params[:password])
      session[:user_id] = user.id
      redirect_to root_path
    else
      flash.now[:alert] = "Wrong email or password."
      render :new, status: :unauthorized
    end
  end
end
