# The load balancer's probe: answers without a session, and says whether the database answers.
class HealthController < ApplicationController
  skip_before_action :require_login

  def check
    ActiveRecord::Base.connection.execute("SELECT 1")
    head :ok
  rescue ActiveRecord::ActiveRecordError
    head :service_unavailable
  end
end
