package amazon

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
)

// Keys are what the product's secret key (SELLERHUB_SECRET_KEY) is used for, each under its own derived key so
// that a signature can never be mistaken for a ciphertext or the other way round.
type Keys struct {
	Cipher *Cipher
	State  *StateSigner
}

// NewKeys derives the keys from the master secret (at least 32 bytes).
func NewKeys(master []byte) (*Keys, error) {
	if len(master) < 32 {
		return nil, errors.New("amazon: the secret key must be at least 32 bytes")
	}
	c, err := NewCipher(derive(master, "sellerhub token cipher v1"))
	if err != nil {
		return nil, err
	}
	return &Keys{Cipher: c, State: &StateSigner{key: derive(master, "sellerhub oauth state v1")}}, nil
}

func derive(master []byte, purpose string) []byte {
	m := hmac.New(sha256.New, master)
	m.Write([]byte(purpose))
	return m.Sum(nil)
}

// Cipher encrypts refresh tokens and client secrets at rest with AES-256-GCM and a random nonce per value.
type Cipher struct{ aead cipher.AEAD }

// cipherPrefix marks the format, so a later key or algorithm can be told apart.
const cipherPrefix = "v1."

// SealedPrefix starts every value Encrypt seals: how a stored secret is told from text the cipher never sealed.
const SealedPrefix = cipherPrefix

// ErrUndecryptable is a stored value that this key did not encrypt, or that was altered.
var ErrUndecryptable = errors.New("amazon: stored secret cannot be decrypted with this key")

// NewCipher makes a cipher from a 32-byte key.
func NewCipher(key []byte) (*Cipher, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Cipher{aead: aead}, nil
}

// Encrypt seals a secret into printable text: v1.base64url(nonce | ciphertext | tag).
func (c *Cipher) Encrypt(plain string) (string, error) {
	nonce := make([]byte, c.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	sealed := c.aead.Seal(nonce, nonce, []byte(plain), nil)
	return cipherPrefix + base64.RawURLEncoding.EncodeToString(sealed), nil
}

// Decrypt opens what Encrypt sealed.
func (c *Cipher) Decrypt(sealed string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(sealed, cipherPrefix))
	if !strings.HasPrefix(sealed, cipherPrefix) || err != nil || len(raw) < c.aead.NonceSize() {
		return "", ErrUndecryptable
	}
	n := c.aead.NonceSize()
	plain, err := c.aead.Open(nil, raw[:n], raw[n:], nil)
	if err != nil {
		return "", ErrUndecryptable
	}
	return string(plain), nil
}
