using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Mvc;
using Reports.Models;

namespace Reports.Controllers;

public class SessionsController : Controller
{
    [HttpPost]
    [ValidateAntiForgeryToken]
    public async Task<IActionResult> Create(LoginForm form)
    {
        var principal = await form.SignInAsync(HttpContext);
        if (principal is null)
        {
            ModelState.AddModelError(string.Empty, "Wrong email or password.");
            return View(form);
        }
        await HttpContext.SignInAsync(principal);
        return RedirectToAction("Index", "Orders");
    }
}
