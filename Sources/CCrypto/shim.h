#ifndef CCRYPTO_SHIM_H
#define CCRYPTO_SHIM_H
// libcrypto (OpenSSL 3, Debian `libssl-dev`): SHA-256 through EVP_Digest, HMAC-SHA256 through EVP_MAC.
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

/// Keys `ctx` (from EVP_MAC_CTX_new over the fetched "HMAC") for HMAC-SHA256 with `key`. 1 on success.
/// The OSSL_PARAM list is built here because its macros and the struct are awkward from Swift.
static inline int ccrypto_hmac_sha256_init(EVP_MAC_CTX *ctx, const unsigned char *key, size_t key_length) {
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_end();
    return EVP_MAC_init(ctx, key, key_length, params);
}
#endif
