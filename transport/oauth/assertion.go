package oauth

import (
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// clientAssertion is a private_key_jwt client assertion (RFC 7523 §2.2):
// issued by and about the client, for the authorization server.
func clientAssertion(keyPEM []byte, clientID, audience string) (string, error) {
	block, _ := pem.Decode(keyPEM)
	if block == nil {
		return "", fmt.Errorf("%w: the private key is not PEM", ErrBadMetadata)
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return "", fmt.Errorf("%w: the private key: %v", ErrBadMetadata, err)
	}
	var method jwt.SigningMethod
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		method = map[int]jwt.SigningMethod{256: jwt.SigningMethodES256, 384: jwt.SigningMethodES384, 521: jwt.SigningMethodES512}[k.Curve.Params().BitSize]
	case *rsa.PrivateKey:
		method = jwt.SigningMethodRS256
	}
	if method == nil {
		return "", fmt.Errorf("%w: the private key is neither EC nor RSA", ErrBadMetadata)
	}
	now := time.Now()
	claims := jwt.RegisteredClaims{
		Issuer: clientID, Subject: clientID, Audience: jwt.ClaimStrings{audience}, ID: randomState(),
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(5 * time.Minute)),
	}
	return jwt.NewWithClaims(method, claims).SignedString(key)
}
