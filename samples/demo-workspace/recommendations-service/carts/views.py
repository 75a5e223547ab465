import json

from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_http_methods

from .models import Cart


@login_required
@require_http_methods(["PUT"])
def update(request, id):
    cart = get_object_or_404(Cart, pk=id, user=request.user)
    cart.replace_items(json.loads(request.body)["items"])
    return JsonResponse(cart.as_dict())
