using Microsoft.AspNetCore.Mvc;
using Reports.Data;

namespace Reports.Controllers;

public class UsersController : Controller
{
    private readonly ReportsDb _db;

    public UsersController(ReportsDb db) => _db = db;

    public async Task<IActionResult> Details(int id)
    {
        var activity = await _db.UserActivity(id, days: 90);
        return activity is null ? NotFound() : View(activity);
    }
}
