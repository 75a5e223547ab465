package com.example.inventory.web;

import org.springframework.web.bind.annotation.*;

import com.example.inventory.auth.Credentials;
import com.example.inventory.auth.SessionService;
import com.example.inventory.auth.Token;

@RestController
@RequestMapping("/sessions")
public class SessionController {
    private final SessionService sessions;

    public SessionController(SessionService sessions) {
        this.sessions = sessions;
    }

    @PostMapping
    public Token create(@RequestBody Credentials credentials) {
        return sessions.login(credentials.email(), credentials.password());
    }
}
