from django.http import JsonResponse

from products.models import Product


def query(request):
    terms = request.GET.get("q", "").strip()
    hits = Product.objects.search(terms)[:24] if terms else []
    return JsonResponse({"q": terms, "hits": [p.as_dict() for p in hits]})
