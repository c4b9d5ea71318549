package core

import (
	"context"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// redisCounters keep counts in Redis when SELLERHUB_REDIS_URL is set: each key a hash of its window's start (s,
// on the service's clock, in ms) and count (n), changed by one script so that instances counting at once all count.
// Redis expires a key when its window has passed in real time; until then the start decides. As with the database,
// a count Redis cannot give counts as over every limit.
type redisCounters struct {
	rc     *redis.Client
	prefix string
}

// NewRedisCounters counts in Redis under prefix, shared by every instance on it.
func NewRedisCounters(rc *redis.Client, prefix string) Counters { return redisCounters{rc, prefix} }

var (
	counterAdd = redis.NewScript(`
local s = tonumber(redis.call('HGET', KEYS[1], 's'))
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
if s == nil or now - s >= window then
  redis.call('HSET', KEYS[1], 's', now, 'n', 1)
  redis.call('PEXPIRE', KEYS[1], window)
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'n', 1)`)
	counterCount = redis.NewScript(`
local v = redis.call('HMGET', KEYS[1], 's', 'n')
if not v[1] or tonumber(ARGV[1]) - tonumber(v[1]) >= tonumber(ARGV[2]) then return 0 end
return tonumber(v[2])`)
	counterRefund = redis.NewScript(`
local v = redis.call('HMGET', KEYS[1], 's', 'n')
if not v[1] or tonumber(ARGV[1]) - tonumber(v[1]) >= tonumber(ARGV[2]) or tonumber(v[2]) <= 0 then return 0 end
return redis.call('HINCRBY', KEYS[1], 'n', -1)`)
)

func (c redisCounters) run(s *redis.Script, key string, window time.Duration, now time.Time) int {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	n, err := s.Run(ctx, c.rc, []string{c.prefix + key}, now.UnixMilli(), window.Milliseconds()).Int()
	if err != nil {
		return overEveryLimit
	}
	return n
}

func (c redisCounters) count(key string, window time.Duration, now time.Time) int {
	return c.run(counterCount, key, window, now)
}

func (c redisCounters) add(key string, window time.Duration, now time.Time) int {
	return c.run(counterAdd, key, window, now)
}

func (c redisCounters) refund(key string, window time.Duration, now time.Time) {
	c.run(counterRefund, key, window, now)
}

func (c redisCounters) reset(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.rc.Del(ctx, c.prefix+key)
}

// globEscaper quotes SCAN's pattern characters, which an account may hold.
var globEscaper = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`)

func (c redisCounters) resetPrefix(prefix string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	it := c.rc.Scan(ctx, 0, globEscaper.Replace(c.prefix+prefix)+"*", 1000).Iterator()
	for it.Next(ctx) {
		c.rc.Del(ctx, it.Val())
	}
}
