using Microsoft.Extensions.Hosting;
using NewRelic.Api.Agent;
using Reports.Data;

namespace Reports.Services;

public class InvoiceReminderService : BackgroundService
{
    private readonly ReportsDb _db;

    public InvoiceReminderService(ReportsDb db) => _db = db;

    [Transaction]
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        await _db.SendOverdueInvoiceReminders(stoppingToken);
    }
}
