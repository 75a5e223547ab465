package com.example.catalog.web;

import org.springframework.web.bind.annotation.*;

import com.example.catalog.users.User;
import com.example.catalog.users.UserRepository;

@RestController
@RequestMapping("/users")
public class UserController {
    private final UserRepository users;

    public UserController(UserRepository users) {
        this.users = users;
    }

    @GetMapping("/{id}")
    public User get(@PathVariable long id) {
        return users.findById(id).orElseThrow(() -> new NotFoundException("user " + id));
    }
}
