package main

import (
	"log/slog"
	"strings"
	"testing"

	"sellerhub/config"
)

// At the default level a line at start says how to see the request lines; at debug they are there, and it says nothing.
func TestLogLevelNote(t *testing.T) {
	if note := logLevelNote(&config.Config{LogLevel: slog.LevelInfo}); !strings.Contains(note, "SELLERHUB_LOG_LEVEL=debug") || !strings.Contains(note, "请求") {
		t.Errorf("at info the note is %q", note)
	}
	if note := logLevelNote(&config.Config{LogLevel: slog.LevelDebug}); note != "" {
		t.Errorf("at debug the note is %q", note)
	}
}
