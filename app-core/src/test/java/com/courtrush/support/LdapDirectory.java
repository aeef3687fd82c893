package com.courtrush.support;

import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldap.listener.interceptor.InMemoryInterceptedSimpleBindRequest;
import com.unboundid.ldap.listener.interceptor.InMemoryOperationInterceptor;
import com.unboundid.ldap.sdk.Attribute;
import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.Modification;
import com.unboundid.ldap.sdk.ModificationType;
import java.io.InputStream;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A campus directory for the LDAP sign-in's tests: UnboundID's in-memory directory server, a real LDAP server on
 * a loopback port, loaded with {@code ldap/campus.ldif} (the tree, a service account, the gym's groups). People
 * are added with their password, name, mail and {@code employeeType} (the booking attribute), groups by name.
 * It counts the simple binds it receives.
 */
public final class LdapDirectory implements AutoCloseable {

    public static final String BASE = "dc=campus,dc=example";
    public static final String SERVICE_DN = "cn=gym-reader,ou=services," + BASE;
    public static final String SERVICE_PASSWORD = "reader-secret";
    public static final String PEOPLE = "ou=people," + BASE;

    private final InMemoryDirectoryServer server;
    private final AtomicInteger binds = new AtomicInteger();
    private final int port;

    private LdapDirectory(int port) throws Exception {
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig(BASE);
        config.setListenerConfigs(
                InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), port, null));
        config.addInMemoryOperationInterceptor(new InMemoryOperationInterceptor() {
            @Override
            public void processSimpleBindRequest(InMemoryInterceptedSimpleBindRequest request) {
                binds.incrementAndGet();
            }
        });
        server = new InMemoryDirectoryServer(config);
        try (InputStream ldif = LdapDirectory.class.getResourceAsStream("/ldap/campus.ldif")) {
            server.importFromLDIF(true, new com.unboundid.ldif.LDIFReader(ldif));
        }
        server.startListening();
        this.port = server.getListenPort();
    }

    /** A directory on a free loopback port. */
    public static LdapDirectory start() throws Exception {
        return new LdapDirectory(0);
    }

    /** {@code ldap://127.0.0.1:port/dc=campus,dc=example}: the address a manager sets. */
    public String url() {
        return "ldap://127.0.0.1:" + port + "/" + BASE;
    }

    /**
     * The settings a manager sends for this directory: search-then-bind with the service account, the id in
     * {@code uid}, who may book in {@code employeeType} (student, graduate), staff and managers by group.
     */
    public Map<String, Object> settings(String publicUrl) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("enabled", true);
        settings.put("protocol", "LDAP");
        settings.put("label", "统一身份认证");
        settings.put("publicUrl", publicUrl);
        settings.put("serverUrl", url());
        settings.put("clientId", SERVICE_DN);
        settings.put("clientSecret", SERVICE_PASSWORD);
        settings.put("idAttribute", "uid");
        settings.put("nameAttribute", "displayName");
        settings.put("emailAttribute", "mail");
        settings.put("bookAttribute", "employeeType");
        settings.put("bookValues", "student, graduate");
        settings.put("staffAttribute", "groups");
        settings.put("staffValues", "gym-staff");
        settings.put("managerValues", "gym-managers");
        return settings;
    }

    /** Adds a person under {@code ou=people}; {@code employeeType} is what the gym's booking rule reads. */
    public LdapDirectory person(String uid, String password, String name, String employeeType) throws LDAPException {
        List<Attribute> attributes = new ArrayList<>(List.of(
                new Attribute("objectClass", "top", "person", "organizationalPerson", "inetOrgPerson"),
                new Attribute("uid", uid),
                new Attribute("cn", name),
                new Attribute("sn", name),
                new Attribute("displayName", name),
                new Attribute("mail", uid + "@campus.example"),
                new Attribute("userPassword", password)));
        if (employeeType != null) {
            attributes.add(new Attribute("employeeType", employeeType));
        }
        server.add(dn(uid), attributes);
        return this;
    }

    /** Makes the person a member of the group {@code cn=group,ou=groups}. */
    public LdapDirectory inGroup(String uid, String group) throws LDAPException {
        server.modify("cn=" + group + ",ou=groups," + BASE, new Modification(ModificationType.ADD, "member", dn(uid)));
        return this;
    }

    /** Takes the person out of the group {@code cn=group,ou=groups}. */
    public LdapDirectory outOfGroup(String uid, String group) throws LDAPException {
        server.modify(
                "cn=" + group + ",ou=groups," + BASE, new Modification(ModificationType.DELETE, "member", dn(uid)));
        return this;
    }

    /** Sets an attribute of the person's entry to {@code value} (their {@code employeeType}: a student graduates). */
    public LdapDirectory set(String uid, String attribute, String value) throws LDAPException {
        server.modify(dn(uid), new Modification(ModificationType.REPLACE, attribute, value));
        return this;
    }

    /** Removes the person's entry: the directory knows them no more. */
    public LdapDirectory remove(String uid) throws LDAPException {
        server.delete(dn(uid));
        return this;
    }

    public static String dn(String uid) {
        return "uid=" + uid + "," + PEOPLE;
    }

    /** Simple binds received so far (the service account's and the people's). */
    public int binds() {
        return binds.get();
    }

    /** Stops answering: connections are refused, as a directory that is down. */
    public void stop() {
        server.shutDown(true);
    }

    /** Answers again on the same port. */
    public void restart() throws LDAPException {
        server.startListening();
    }

    @Override
    public void close() {
        server.shutDown(true);
    }
}
