package com.example.inventory.web;

import org.springframework.web.bind.annotation.*;

import com.example.inventory.carts.Cart;
import com.example.inventory.carts.CartService;

@RestController
@RequestMapping("/carts")
public class CartController {
    private final CartService carts;

    public CartController(CartService carts) {
        this.carts = carts;
    }

    @PutMapping("/{id}")
    public Cart update(@PathVariable long id, @RequestBody Cart cart) {
        return carts.replaceLines(id, cart.lines());
    }
}
