package com.example.inventory.web;

import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.*;

import com.example.inventory.orders.Order;
import com.example.inventory.orders.OrderService;

@RestController
@RequestMapping("/orders")
public class OrderController {
    private final OrderService orders;

    public OrderController(OrderService orders) {
        this.orders = orders;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    public Order create(@RequestBody NewOrder request) {
        return orders.reserveAndPlace(request.sku(), request.quantity(), request.warehouse());
    }

    @GetMapping("/{id}")
    public Order get(@PathVariable long id) {
        return orders.find(id).orElseThrow(() -> new NotFoundException("order " + id));
    }

    @GetMapping
    public List<Order> list(@RequestParam(defaultValue = "0") int page) {
        return orders.recent(page, 50);
    }

    public record NewOrder(String sku, int quantity, String warehouse) {}
}
