class PartnersController < ApplicationController
  skip_before_action :require_login
  skip_forgery_protection

  # Delivery partners post status updates here.
  def callback
    return head :forbidden unless Partner.valid_signature?(request.raw_post, request.headers["X-Signature"])

    Shipment.find_by!(tracking_number: params[:tracking_number]).update!(status: params[:status])
    head :no_content
  end
end
