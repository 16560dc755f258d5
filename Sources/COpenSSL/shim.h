#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

/// `EVP_MD_size` is a function-like macro in OpenSSL 3 and does not import into Swift.
static inline int COpenSSL_EVP_MD_size(const EVP_MD *md) {
    return EVP_MD_get_size(md);
}

/// `OPENSSL_free` is a function-like macro and does not import into Swift.
static inline void COpenSSL_free(void *pointer) {
    OPENSSL_free(pointer);
}

#endif
