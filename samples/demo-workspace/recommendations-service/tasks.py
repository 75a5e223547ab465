from newrelic.agent import background_task

from orders.models import Order
from products.models import Product


@background_task()
def invoice_reminder():
    for order in Order.objects.unpaid_for_days(7):
        order.send_invoice_reminder()


@background_task()
def search_reindex():
    Product.objects.rebuild_search_index()
