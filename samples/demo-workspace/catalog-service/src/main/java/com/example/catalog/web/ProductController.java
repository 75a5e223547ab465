package com.example.catalog.web;

import java.util.List;

import org.springframework.web.bind.annotation.*;

import com.example.catalog.stock.StockLevel;
import com.example.catalog.stock.StockService;

@RestController
@RequestMapping("/products")
public class ProductController {
    private final StockService stock;

    public ProductController(StockService stock) {
        this.stock = stock;
    }

    @GetMapping
    public List<StockLevel> list(@RequestParam(required = false) String warehouse) {
        return warehouse == null ? stock.all() : stock.inWarehouse(warehouse);
    }
}
