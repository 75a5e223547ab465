package com.example.catalog.web;

import org.springframework.web.bind.annotation.*;

import com.example.catalog.auth.Credentials;
import com.example.catalog.auth.SessionService;
import com.example.catalog.auth.Token;

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
