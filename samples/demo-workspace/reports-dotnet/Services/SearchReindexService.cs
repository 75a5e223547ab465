using Microsoft.Extensions.Hosting;
using NewRelic.Api.Agent;
using Reports.Data;

namespace Reports.Services;

public class SearchReindexService : BackgroundService
{
    private readonly ReportsDb _db;

    public SearchReindexService(ReportsDb db) => _db = db;

    [Transaction]
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        await _db.RebuildReportSearchIndex(stoppingToken);
    }
}
