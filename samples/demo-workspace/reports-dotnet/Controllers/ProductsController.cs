using Microsoft.AspNetCore.Mvc;
using Reports.Data;

namespace Reports.Controllers;

public class ProductsController : Controller
{
    private readonly ReportsDb _db;

    public ProductsController(ReportsDb db) => _db = db;

    public async Task<IActionResult> Index(string? category)
    {
        return View(await _db.ProductSales(category));
    }
}
