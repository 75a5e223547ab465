using Microsoft.AspNetCore.Mvc;
using Reports.Data;

namespace Reports.Controllers;

public class CartsController : Controller
{
    private readonly ReportsDb _db;

    public CartsController(ReportsDb db) => _db = db;

    [HttpPost]
    public async Task<IActionResult> Edit(int id, [FromForm] string label)
    {
        await _db.RenameSavedCartReport(id, label);
        return RedirectToAction("Index", "Orders");
    }
}
