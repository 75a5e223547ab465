package com.example.catalog.jobs;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import com.example.catalog.stock.StockIndexer;
import com.newrelic.api.agent.Trace;

@Component
public class SearchReindexJob {
    private final StockIndexer indexer;

    public SearchReindexJob(StockIndexer indexer) {
        this.indexer = indexer;
    }

    @Scheduled(fixedDelayString = "PT15M")
    @Trace(dispatcher = true)
    public void run() {
        indexer.reindexChangedSince(indexer.lastRun());
    }
}
