package amazon

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// SecretQueue is the SQS queue the developer registered for the APPLICATION_OAUTH_CLIENT_NEW_SECRET
// notification: after a rotation Amazon puts the new client secret there.
type SecretQueue struct {
	URL       string
	AccessKey string
	SecretKey string
	// Region signs the requests; empty takes it from the queue's host (sqs.<region>.amazonaws.com).
	Region string
}

// NewSecret is the notification's payload.applicationOAuthClientNewSecret.
type NewSecret struct {
	ClientID            string    `json:"clientId"`
	NewClientSecret     string    `json:"newClientSecret"`
	NewSecretExpiryTime time.Time `json:"newClientSecretExpiryTime"`
	OldSecretExpiryTime time.Time `json:"oldClientSecretExpiryTime"`
	// EventTime is when Amazon issued the new secret.
	EventTime time.Time `json:"-"`
}

// ErrNoNewSecret is a wait for the new secret that ended without it.
var ErrNoNewSecret = fmt.Errorf("amazon: no new client secret arrived on the queue")

// client is an SQS client at the queue's own host (the stand-in in tests), signed with the queue's keys.
func (q *SecretQueue) client() (*sqs.Client, error) {
	u, err := url.Parse(q.URL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("amazon: the queue URL %q is not a URL", q.URL)
	}
	region := q.Region
	if parts := strings.Split(u.Hostname(), "."); region == "" && len(parts) == 4 && parts[0] == "sqs" {
		region = parts[1]
	}
	if region == "" {
		region = "us-east-1"
	}
	return sqs.New(sqs.Options{
		Region:       region,
		BaseEndpoint: aws.String(u.Scheme + "://" + u.Host),
		Credentials:  credentials.NewStaticCredentialsProvider(q.AccessKey, q.SecretKey, ""),
	}), nil
}

// TakeNewSecret waits up to wait for clientID's new-secret notification (SQS long polls of up to 20 s), deletes
// it from the queue and returns it. Other notifications stay on the queue for whoever reads them.
func (q *SecretQueue) TakeNewSecret(ctx context.Context, clientID string, wait time.Duration) (*NewSecret, error) {
	c, err := q.client()
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(wait)
	for {
		left := time.Until(deadline)
		poll := int32(min(max(left/time.Second, 0), 20))
		out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(q.URL),
			MaxNumberOfMessages: 10, WaitTimeSeconds: poll})
		if err != nil {
			return nil, fmt.Errorf("amazon: read the secret queue: %w", err)
		}
		for _, m := range out.Messages {
			secret := parseNewSecret(aws.ToString(m.Body))
			if secret == nil || secret.ClientID != clientID {
				continue
			}
			if _, err := c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(q.URL),
				ReceiptHandle: m.ReceiptHandle}); err != nil {
				return nil, fmt.Errorf("amazon: delete the new secret's message: %w", err)
			}
			return secret, nil
		}
		if time.Now().After(deadline) {
			return nil, ErrNoNewSecret
		}
		if len(out.Messages) == 0 && poll == 0 {
			// A queue that does not long-poll: look again shortly rather than spin.
			if err := sleep(ctx, time.Second); err != nil {
				return nil, err
			}
		}
	}
}

// parseNewSecret reads an APPLICATION_OAUTH_CLIENT_NEW_SECRET notification; nil for any other message.
func parseNewSecret(body string) *NewSecret {
	var n struct {
		NotificationType string    `json:"notificationType"`
		EventTime        time.Time `json:"eventTime"`
		Payload          struct {
			Secret *NewSecret `json:"applicationOAuthClientNewSecret"`
		} `json:"payload"`
	}
	if json.Unmarshal([]byte(body), &n) != nil || n.NotificationType != "APPLICATION_OAUTH_CLIENT_NEW_SECRET" ||
		n.Payload.Secret == nil || n.Payload.Secret.NewClientSecret == "" {
		return nil
	}
	n.Payload.Secret.EventTime = n.EventTime
	return n.Payload.Secret
}
