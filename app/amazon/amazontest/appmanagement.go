package amazontest

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"
)

// The Application Management API's rotation (rotateApplicationClientSecret) and the one SQS queue the developer
// registered for its APPLICATION_OAUTH_CLIENT_NEW_SECRET notification, spoken in SQS's JSON protocol
// (X-Amz-Target AmazonSQS.ReceiveMessage / DeleteMessage, application/x-amz-json-1.0) at the stand-in's root.

// RotationScope is the grantless token's scope the rotation needs.
const RotationScope = "sellingpartnerapi::client_credential:rotation"

// MsgNotEnrolled is Amazon's 400 when no queue is registered for the new-secret notification.
const MsgNotEnrolled = "Application is not enrolled for rotation notification. Please update application notification preference in Developer console."

// The stand-in's AWS account for its queue: SQSAccessKey is the access key the SigV4 signature must name.
const (
	SQSAccessKey = "AKIASTANDINSQS000001"
	SQSSecretKey = "standin-sqs-secret-key-0000000000000000"
	SQSRegion    = "us-east-1"
)

// DefaultRotationGrace is how long Amazon keeps the old secret working after a rotation (the notification's
// oldClientSecretExpiryTime): 7 days.
const DefaultRotationGrace = 7 * 24 * time.Hour

// rotationState is the stand-in's Application Management side.
type rotationState struct {
	enrolled  bool              // the queue is registered for the new-secret notification
	messages  []sqsMessage      // not yet deleted
	inflight  map[string]string // receipt handle -> message id
	oldSecret map[string]oldSecret
	rotatedAt time.Time
	grantless map[string]string // access token -> scope
}

type oldSecret struct {
	secret string
	until  time.Time
}

type sqsMessage struct {
	id   string
	body string
}

// SecretQueueURL is the developer's SQS queue, which exists whether or not it is registered with Amazon.
func (s *Server) SecretQueueURL() string { return s.URL + "/123456789012/sellerhub-client-secret" }

// EnrollRotation registers the SQS queue for the new-secret notification (the Developer Console's Notification
// Preferences) and returns its URL.
func (s *Server) EnrollRotation() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rotation.enrolled = true
	return s.SecretQueueURL()
}

// ClientSecretOf is the application's current secret at Amazon.
func (s *Server) ClientSecretOf(clientID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clients[clientID]
}

// QueueLength is how many messages the queue still holds (received or not, until deleted).
func (s *Server) QueueLength() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.rotation.messages)
}

// appManagement serves the Application Management API and the SQS queue, apart from the Server's own methods.
type appManagement struct{ *Server }

func (s *Server) addAppManagement() {
	s.rotation.inflight, s.rotation.oldSecret, s.rotation.grantless = map[string]string{}, map[string]oldSecret{}, map[string]string{}
	s.Mux.HandleFunc("POST /applications/2023-11-30/clientSecret", appManagement{s}.rotateClientSecret)
	s.Mux.HandleFunc("POST /{$}", appManagement{s}.sqs)
}

// secretAccepted tells whether the token endpoint takes this secret: the current one, or the one before a
// rotation until its grace ends. Called with mu held.
func (s *Server) secretAccepted(clientID, secret string) bool {
	if current, ok := s.clients[clientID]; ok && current == secret {
		return true
	}
	old, ok := s.rotation.oldSecret[clientID]
	return ok && old.secret == secret && time.Now().Before(old.until)
}

// rotateClientSecret is rotateApplicationClientSecret: a grantless token with the rotation scope, a registered
// queue, at most one call a minute (rate 0.0167/s, burst 1); 204 and the new secret on the queue.
func (s appManagement) rotateClientSecret(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	token := r.Header.Get("x-amz-access-token")
	scope, ok := s.rotation.grantless[token]
	if !ok || scope != RotationScope {
		apiError(w, http.StatusForbidden, "Unauthorized", "Access to requested resource is denied.")
		return
	}
	clientID := s.grantlessClient[token]
	if !s.rotation.enrolled {
		apiError(w, http.StatusBadRequest, "InvalidInput", MsgNotEnrolled)
		return
	}
	now := time.Now().UTC()
	if !s.rotation.rotatedAt.IsZero() && now.Sub(s.rotation.rotatedAt) < time.Minute {
		apiError(w, http.StatusTooManyRequests, "QuotaExceeded", "You exceeded your quota for the requested resource.")
		return
	}
	s.rotation.rotatedAt = now
	grace := s.RotationGrace
	old := s.clients[clientID]
	if grace > 0 {
		s.rotation.oldSecret[clientID] = oldSecret{secret: old, until: now.Add(grace)}
	} else {
		delete(s.rotation.oldSecret, clientID)
	}
	fresh := "amzn1.oa2-cs.v1." + random() + random()
	s.clients[clientID] = fresh
	body, _ := json.Marshal(map[string]any{
		"notificationVersion": "1.0", "notificationType": "APPLICATION_OAUTH_CLIENT_NEW_SECRET",
		"payloadVersion": "2023-12-13", "eventTime": now.Format(time.RFC3339),
		"payload": map[string]any{"applicationOAuthClientNewSecret": map[string]any{
			"clientId": clientID, "newClientSecret": fresh,
			"newClientSecretExpiryTime": now.Add(180 * 24 * time.Hour).Format(time.RFC3339),
			"oldClientSecretExpiryTime": now.Add(grace).Format(time.RFC3339),
		}},
		"notificationMetadata": map[string]any{"applicationId": AppID, "subscriptionId": "standin-subscription",
			"publishTime": now.Format(time.RFC3339), "notificationId": random()},
	})
	s.rotation.messages = append(s.rotation.messages, sqsMessage{id: random(), body: string(body)})
	w.WriteHeader(http.StatusNoContent)
}

// sqs answers SQS's JSON protocol: ReceiveMessage and DeleteMessage on the registered queue, signed (SigV4) with
// the stand-in's access key.
func (s appManagement) sqs(w http.ResponseWriter, r *http.Request) {
	target := r.Header.Get("X-Amz-Target")
	if !strings.HasPrefix(target, "AmazonSQS.") {
		http.NotFound(w, r)
		return
	}
	auth := r.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 Credential="+SQSAccessKey+"/") || !strings.Contains(auth, "Signature=") {
		sqsError(w, http.StatusBadRequest, "com.amazonaws.sqs#InvalidClientTokenId", "The security token included in the request is invalid.")
		return
	}
	var in struct {
		QueueURL            string `json:"QueueUrl"`
		MaxNumberOfMessages int    `json:"MaxNumberOfMessages"`
		ReceiptHandle       string `json:"ReceiptHandle"`
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err := json.Unmarshal(raw, &in); err != nil {
		sqsError(w, http.StatusBadRequest, "com.amazonaws.sqs#InvalidParameterValue", "The request body is not valid JSON.")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.QueueURL != s.SecretQueueURL() {
		sqsError(w, http.StatusBadRequest, "com.amazonaws.sqs#QueueDoesNotExist", "The specified queue does not exist.")
		return
	}
	switch target {
	case "AmazonSQS.ReceiveMessage":
		out := []map[string]string{}
		for _, m := range s.rotation.messages {
			if in.MaxNumberOfMessages > 0 && len(out) >= in.MaxNumberOfMessages || len(out) >= 10 {
				break
			}
			handle := random() + random()
			s.rotation.inflight[handle] = m.id
			sum := md5.Sum([]byte(m.body))
			out = append(out, map[string]string{"MessageId": m.id, "ReceiptHandle": handle,
				"MD5OfBody": hex.EncodeToString(sum[:]), "Body": m.body})
		}
		sqsJSON(w, http.StatusOK, map[string]any{"Messages": out})
	case "AmazonSQS.DeleteMessage":
		id, ok := s.rotation.inflight[in.ReceiptHandle]
		if !ok {
			sqsError(w, http.StatusBadRequest, "com.amazonaws.sqs#ReceiptHandleIsInvalid", "The input receipt handle is invalid.")
			return
		}
		delete(s.rotation.inflight, in.ReceiptHandle)
		for i, m := range s.rotation.messages {
			if m.id == id {
				s.rotation.messages = append(s.rotation.messages[:i], s.rotation.messages[i+1:]...)
				break
			}
		}
		sqsJSON(w, http.StatusOK, map[string]any{})
	default:
		sqsError(w, http.StatusBadRequest, "com.amazonaws.sqs#UnsupportedOperation", "The stand-in speaks ReceiveMessage and DeleteMessage only.")
	}
}

func sqsJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	w.Header().Set("x-amzn-RequestId", random())
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func sqsError(w http.ResponseWriter, status int, typ, message string) {
	sqsJSON(w, status, map[string]string{"__type": typ, "message": message})
}
