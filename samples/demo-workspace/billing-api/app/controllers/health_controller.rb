class HealthController < ApplicationController
  skip_before_action :require_login

  # The load balancer's probe.
  def check
    ActiveRecord::Base.connection.execute("SELECT 1")
    render plain: "ok"
  end
end
