package app.mnemo;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
