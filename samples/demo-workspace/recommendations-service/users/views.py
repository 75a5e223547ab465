from django.contrib.auth.models import User
from django.http import JsonResponse
from django.shortcuts import get_object_or_404


def show(request, id):
    user = get_object_or_404(User, pk=id)
    return JsonResponse({"id": user.pk, "name": user.get_full_name()})
