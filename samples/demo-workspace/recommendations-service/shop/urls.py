from django.urls import path

from carts import views as carts
from health import views as health
from orders import views as orders
from payments import views as payments
from products import views as products
from search import views as search
from sessions import views as sessions
from users import views as users

urlpatterns = [
    path("orders", orders.index, name="orders"),
    path("orders/new", orders.create, name="order-create"),
    path("orders/<int:id>", orders.show, name="order"),
    path("carts/<int:id>", carts.update, name="cart"),
    path("users/<int:id>", users.show, name="user"),
    path("sessions", sessions.create, name="login"),
    path("products", products.index, name="products"),
    path("products/<int:id>", products.show, name="product"),
    path("search", search.query, name="search"),
    path("health", health.check, name="health"),
    path("payments/authorize", payments.authorize, name="payment-authorize"),
]
