using Microsoft.AspNetCore.Mvc;
using Reports.Data;
using Reports.Models;

namespace Reports.Controllers;

public class OrdersController : Controller
{
    private readonly ReportsDb _db;

    public OrdersController(ReportsDb db) => _db = db;

    public async Task<IActionResult> Index(DateOnly? from, DateOnly? to)
    {
        var rows = await _db.OrderTotalsByDay(from ?? DateOnly.FromDateTime(DateTime.Today.AddDays(-30)), to);
        return View(rows);
    }

    public async Task<IActionResult> Details(int id)
    {
        var order = await _db.Orders.FindAsync(id);
        return order is null ? NotFound() : View(order);
    }

    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Create(ReportRequest request)
    {
        if (!ModelState.IsValid)
        {
            return View(request);
        }
        var report = await _db.QueueOrderReport(request);
        return RedirectToAction(nameof(Details), new { id = report.Id });
    }
}
