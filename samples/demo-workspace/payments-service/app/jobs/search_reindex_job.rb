class SearchReindexJob < ApplicationJob
  queue_as :low

  def perform
    Product.reindex
  end
end
