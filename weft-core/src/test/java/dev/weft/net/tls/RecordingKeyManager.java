package dev.weft.net.tls;

import dev.weft.net.tls.internal.Pem;
import java.net.Socket;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A server's key manager that records the thread of each certificate choice. The JDK's engine
 * chooses inside a delegated task (its ClientHello consumer), so the threads show where delegated
 * tasks ran; a resumed session chooses no certificate, so the count shows a resumption.
 */
final class RecordingKeyManager extends X509ExtendedKeyManager {
    final List<String> threads = new CopyOnWriteArrayList<>();
    private final X509ExtendedKeyManager inner;

    private RecordingKeyManager(X509ExtendedKeyManager inner) {
        this.inner = inner;
    }

    /** @return a manager presenting the chain and key in these PEM files */
    static RecordingKeyManager of(Path chainPem, Path keyPem) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry("key", Pem.privateKey(keyPem), "test".toCharArray(), Pem.certificates(chainPem).toArray(X509Certificate[]::new));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "test".toCharArray());
        return new RecordingKeyManager((X509ExtendedKeyManager) kmf.getKeyManagers()[0]);
    }

    SSLContext context() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(new javax.net.ssl.KeyManager[] {this}, null, null);
        return ctx;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        threads.add(Thread.currentThread().getName());
        return inner.chooseEngineServerAlias(keyType, issuers, engine);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return inner.getClientAliases(keyType, issuers);
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return inner.chooseClientAlias(keyType, issuers, socket);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return inner.getServerAliases(keyType, issuers);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return inner.chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return inner.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return inner.getPrivateKey(alias);
    }
}
