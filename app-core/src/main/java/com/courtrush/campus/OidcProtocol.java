package com.courtrush.campus;

import com.courtrush.campus.api.CampusSignInSettings;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.oauth2.sdk.GeneralException;
import com.nimbusds.oauth2.sdk.id.Issuer;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.http.converter.FormHttpMessageConverter;
import org.springframework.security.oauth2.client.authentication.OAuth2LoginAuthenticationToken;
import org.springframework.security.oauth2.client.endpoint.RestClientAuthorizationCodeTokenResponseClient;
import org.springframework.security.oauth2.client.http.OAuth2ErrorResponseErrorHandler;
import org.springframework.security.oauth2.client.oidc.authentication.OidcAuthorizationCodeAuthenticationProvider;
import org.springframework.security.oauth2.client.oidc.authentication.OidcIdTokenDecoderFactory;
import org.springframework.security.oauth2.client.oidc.authentication.OidcIdTokenValidator;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationExchange;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationRequest;
import org.springframework.security.oauth2.core.endpoint.OAuth2AuthorizationResponse;
import org.springframework.security.oauth2.core.endpoint.OAuth2ParameterNames;
import org.springframework.security.oauth2.core.endpoint.PkceParameterNames;
import org.springframework.security.oauth2.core.http.converter.OAuth2AccessTokenResponseHttpMessageConverter;
import org.springframework.security.oauth2.core.oidc.endpoint.OidcParameterNames;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtIssuerValidator;
import org.springframework.security.oauth2.jwt.JwtTimestampValidator;
import org.springframework.security.oauth2.jwt.MappedJwtClaimSetConverter;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * OpenID Connect with Spring Security's OAuth2 client (SPEC §18): authorization code with PKCE (S256), state and
 * nonce; the code exchanged at the token endpoint; the ID token checked against the provider's keys (fetched once
 * and cached by the decoder, again only for a key it does not know), its issuer, audience, times (within
 * {@link #CLOCK_SKEW}) and nonce. No user-info call: the ID token's claims are the attributes. The provider's
 * discovery document is read once per setting for ten minutes. Logout: RP-initiated (the end-session endpoint with
 * the ID token as hint), and back-channel (a logout token checked as strictly as an ID token).
 */
@Component
class OidcProtocol {

    static final String SOURCE = "OIDC";
    static final Duration CLOCK_SKEW = Duration.ofSeconds(60);
    /** How far from now a logout token's issue time may be (skew included). */
    static final Duration LOGOUT_TOKEN_AGE = Duration.ofMinutes(2);

    static final String CALLBACK = "/auth/campus/oidc";
    private static final String BACK_CHANNEL_EVENT = "http://schemas.openid.net/event/backchannel-logout";

    /** A provider as read from its discovery document, with what checks its tokens. */
    record Provider(
            ClientRegistration registration,
            URI endSession,
            boolean backChannel,
            JwtDecoder idTokens,
            JwtDecoder logoutTokens) {}

    /** What a sign-in must remember until the provider sends the browser back. */
    record Started(URI redirect, String state, String codeVerifier, String nonce) {}

    /** A finished sign-in: the ID token's claims, its text (the logout hint) and its session. */
    record Finished(Map<String, Object> claims, String idToken, String sid, String subject) {}

    private final RestTemplate rest;
    private final RestClient tokenRest;
    private final Cache<CampusSignInSettings, Provider> providers = Caffeine.newBuilder()
            .maximumSize(4)
            .expireAfterWrite(Duration.ofMinutes(10))
            .build();

    OidcProtocol() {
        this.rest = new RestTemplate(DirectoryCalls.requestFactory());
        this.tokenRest = RestClient.builder()
                .requestFactory(DirectoryCalls.requestFactory())
                .messageConverters(converters -> {
                    converters.clear();
                    converters.add(new FormHttpMessageConverter());
                    converters.add(new OAuth2AccessTokenResponseHttpMessageConverter());
                })
                .defaultStatusHandler(new OAuth2ErrorResponseErrorHandler())
                .build();
    }

    /** The provider these settings name: from its discovery document, cached. Blocks: call on a directory thread. */
    Provider provider(CampusSignInSettings settings) {
        Provider known = providers.getIfPresent(settings);
        if (known == null) {
            known = discover(settings);
            providers.put(settings, known);
        }
        return known;
    }

    /** Reads the discovery document (its issuer must be the one set) and the key set it names. */
    OIDCProviderMetadata metadata(String issuer) {
        try {
            return OIDCProviderMetadata.resolve(
                    new Issuer(issuer), (int) DirectoryCalls.CONNECT_TIMEOUT.toMillis(), (int)
                            DirectoryCalls.READ_TIMEOUT.toMillis());
        } catch (IOException e) {
            throw new DirectoryUnreachable("The OpenID provider " + issuer + " did not answer", e);
        } catch (GeneralException e) {
            throw new DirectoryRefused(
                    "The OpenID provider " + issuer + " answered no usable discovery document: " + e.getMessage(), e);
        }
    }

    /** How many keys the provider publishes now (a manager's try). */
    int keyCount(OIDCProviderMetadata metadata) {
        try {
            String body = rest.getForObject(metadata.getJWKSetURI(), String.class);
            return com.nimbusds.jose.jwk.JWKSet.parse(body).getKeys().size();
        } catch (java.text.ParseException e) {
            throw new DirectoryRefused("The provider's key set is not a JSON Web Key Set: " + e.getMessage(), e);
        }
    }

    private Provider discover(CampusSignInSettings settings) {
        OIDCProviderMetadata metadata = metadata(settings.serverUrl());
        boolean secret = CampusRules.hasText(settings.clientSecret());
        ClientRegistration registration = ClientRegistration.withRegistrationId("campus")
                .clientId(settings.clientId())
                .clientSecret(secret ? settings.clientSecret() : null)
                .clientAuthenticationMethod(
                        secret ? ClientAuthenticationMethod.CLIENT_SECRET_BASIC : ClientAuthenticationMethod.NONE)
                .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
                .redirectUri(settings.publicUrl() + CALLBACK)
                .scope("openid", "profile", "email")
                .authorizationUri(metadata.getAuthorizationEndpointURI().toString())
                .tokenUri(metadata.getTokenEndpointURI().toString())
                .jwkSetUri(metadata.getJWKSetURI().toString())
                .issuerUri(metadata.getIssuer().getValue())
                .userNameAttributeName("sub")
                .build();
        NimbusJwtDecoder idTokens = decoder(registration, JOSEObjectType.JWT);
        OidcIdTokenValidator idTokenValidator = new OidcIdTokenValidator(registration);
        idTokenValidator.setClockSkew(CLOCK_SKEW);
        idTokens.setJwtValidator(idTokenValidator);
        NimbusJwtDecoder logoutTokens = decoder(registration, new JOSEObjectType("logout+jwt"));
        logoutTokens.setJwtValidator(logoutTokenRules(registration));
        return new Provider(
                registration,
                metadata.getEndSessionEndpointURI(),
                metadata.supportsBackChannelLogout(),
                idTokens,
                logoutTokens);
    }

    private NimbusJwtDecoder decoder(ClientRegistration registration, JOSEObjectType type) {
        NimbusJwtDecoder decoder = NimbusJwtDecoder.withJwkSetUri(
                        registration.getProviderDetails().getJwkSetUri())
                .restOperations(rest)
                .jwtProcessorCustomizer(processor -> processor.setJWSTypeVerifier(
                        new DefaultJOSEObjectTypeVerifier<SecurityContext>(type, JOSEObjectType.JWT, null)))
                .build();
        decoder.setClaimSetConverter(
                new MappedJwtClaimSetConverter(OidcIdTokenDecoderFactory.createDefaultClaimTypeConverters()));
        return decoder;
    }

    /** OpenID Connect Back-Channel Logout 1.0, section 2.6: what makes a logout token valid. */
    private static OAuth2TokenValidator<Jwt> logoutTokenRules(ClientRegistration registration) {
        String issuer = registration.getProviderDetails().getIssuerUri();
        String clientId = registration.getClientId();
        OAuth2TokenValidator<Jwt> logoutToken = jwt -> {
            Object events = jwt.getClaims().get("events");
            boolean hasEvent = events instanceof Map<?, ?> map && map.containsKey(BACK_CHANNEL_EVENT);
            boolean names = jwt.getSubject() != null || jwt.getClaimAsString("sid") != null;
            List<String> audience = jwt.getAudience();
            // issued just now: a token captured on its way is of no use later (its jti is also taken once)
            boolean fresh = jwt.getIssuedAt() != null
                    && Duration.between(jwt.getIssuedAt(), Instant.now()).abs().compareTo(LOGOUT_TOKEN_AGE) <= 0;
            if (!hasEvent
                    || !names
                    || !fresh
                    || jwt.getId() == null
                    || jwt.hasClaim("nonce")
                    || audience == null
                    || !audience.contains(clientId)) {
                return OAuth2TokenValidatorResult.failure(new OAuth2Error(
                        "invalid_logout_token", "Not a back-channel logout token for " + clientId, null));
            }
            return OAuth2TokenValidatorResult.success();
        };
        return new DelegatingOAuth2TokenValidator<>(
                new JwtIssuerValidator(issuer), new JwtTimestampValidator(CLOCK_SKEW), logoutToken);
    }

    /** Where to send the browser: the provider's sign-in, with a fresh state, nonce and PKCE challenge. */
    Started start(Provider provider, String state) {
        String nonce = CampusFlows.random();
        ClientRegistration registration = provider.registration();
        OAuth2AuthorizationRequest.Builder builder = OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri(registration.getProviderDetails().getAuthorizationUri())
                .clientId(registration.getClientId())
                .redirectUri(registration.getRedirectUri())
                .scopes(registration.getScopes())
                .state(state)
                .attributes(attributes -> attributes.put(OidcParameterNames.NONCE, nonce))
                .additionalParameters(parameters -> parameters.put(OidcParameterNames.NONCE, sha256(nonce)));
        OAuth2AuthorizationRequestCustomizers.withPkce().accept(builder);
        OAuth2AuthorizationRequest request = builder.build();
        return new Started(
                URI.create(request.getAuthorizationRequestUri()),
                state,
                request.getAttribute(PkceParameterNames.CODE_VERIFIER),
                nonce);
    }

    /**
     * The code exchanged, and the ID token checked (signature by the provider's keys, issuer, audience, times,
     * nonce). Blocks: call on a directory thread.
     */
    Finished finish(Provider provider, Started started, String code) {
        ClientRegistration registration = provider.registration();
        OAuth2AuthorizationRequest request = OAuth2AuthorizationRequest.authorizationCode()
                .authorizationUri(registration.getProviderDetails().getAuthorizationUri())
                .clientId(registration.getClientId())
                .redirectUri(registration.getRedirectUri())
                .scopes(registration.getScopes())
                .state(started.state())
                .attributes(attributes -> {
                    attributes.put(OAuth2ParameterNames.REGISTRATION_ID, registration.getRegistrationId());
                    attributes.put(OidcParameterNames.NONCE, started.nonce());
                    attributes.put(PkceParameterNames.CODE_VERIFIER, started.codeVerifier());
                })
                .build();
        OAuth2AuthorizationResponse response = OAuth2AuthorizationResponse.success(code)
                .redirectUri(registration.getRedirectUri())
                .state(started.state())
                .build();
        RestClientAuthorizationCodeTokenResponseClient tokens = new RestClientAuthorizationCodeTokenResponseClient();
        tokens.setRestClient(tokenRest);
        OidcAuthorizationCodeAuthenticationProvider exchange =
                new OidcAuthorizationCodeAuthenticationProvider(tokens, new OidcUserService());
        exchange.setJwtDecoderFactory(forRegistration -> provider.idTokens());
        OAuth2LoginAuthenticationToken done = (OAuth2LoginAuthenticationToken) exchange.authenticate(
                new OAuth2LoginAuthenticationToken(registration, new OAuth2AuthorizationExchange(request, response)));
        OidcUser user = (OidcUser) Objects.requireNonNull(done).getPrincipal();
        Map<String, Object> claims = new HashMap<>(user.getIdToken().getClaims());
        return new Finished(
                claims,
                user.getIdToken().getTokenValue(),
                user.getIdToken().getClaimAsString("sid"),
                user.getSubject());
    }

    /** A back-channel logout token, checked; throws {@code JwtException} when it is not valid. */
    Jwt logoutToken(Provider provider, String token) {
        return provider.logoutTokens().decode(token);
    }

    /** The provider's end-session address for this ID token, back to the page after; null when it has none. */
    static String logoutUrl(Provider provider, String idToken, String publicUrl) {
        if (provider.endSession() == null) {
            return null;
        }
        return UriComponentsBuilder.fromUri(provider.endSession())
                .queryParam("id_token_hint", idToken)
                .queryParam("client_id", provider.registration().getClientId())
                .queryParam("post_logout_redirect_uri", publicUrl + "/")
                .encode()
                .build()
                .toUriString();
    }

    private static String sha256(String value) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
